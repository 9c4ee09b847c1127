import type {
  Notification,
  NotificationCount,
  NotificationList,
  NotificationPreferences,
  NotificationQuery,
} from '@boardwalk/shared/schemas/notification';
import { api } from '../../lib/api.ts';

// Tag types of their own, added here: the frame's list (lib/api.ts) stays as it is.
const tagged = api.enhanceEndpoints({ addTagTypes: ['Notification', 'NotificationCount', 'NotificationPreference'] });

/** The signed-in user's notifications (docs/decisions/109). Types only from shared: no zod in the frame. */
export const notificationsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    unreadNotifications: build.query<NotificationCount, void>({
      query: () => '/api/me/notifications/unread',
      providesTags: ['NotificationCount'],
    }),
    listNotifications: build.query<NotificationList, NotificationQuery>({
      query: (params) => ({ url: '/api/me/notifications', params }),
      providesTags: ['Notification'],
    }),
    markNotificationRead: build.mutation<Notification, string>({
      query: (id) => ({ url: `/api/me/notifications/${encodeURIComponent(id)}/read`, method: 'POST' }),
      invalidatesTags: (_r, error) => (error ? [] : ['Notification', 'NotificationCount']),
    }),
    markAllNotificationsRead: build.mutation<{ marked: number }, void>({
      query: () => ({ url: '/api/me/notifications/read-all', method: 'POST' }),
      invalidatesTags: (_r, error) => (error ? [] : ['Notification', 'NotificationCount']),
    }),
    notificationPreferences: build.query<NotificationPreferences, void>({
      query: () => '/api/me/notification-preferences',
      providesTags: ['NotificationPreference'],
    }),
    saveNotificationPreferences: build.mutation<NotificationPreferences, NotificationPreferences>({
      query: (body) => ({ url: '/api/me/notification-preferences', method: 'PUT', body }),
      invalidatesTags: (_r, error) => (error ? [] : ['NotificationPreference']),
    }),
  }),
});

export const {
  useUnreadNotificationsQuery,
  useListNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useNotificationPreferencesQuery,
  useSaveNotificationPreferencesMutation,
} = notificationsApi;
