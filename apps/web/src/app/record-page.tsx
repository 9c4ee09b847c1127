import { recordIdSchema } from '@boardwalk/shared/schemas/fields';
import { useParams } from 'react-router';
import { NotFoundPage } from '../features/errors/not-found-page.tsx';
import type { PageComponent } from './route-types.ts';

/**
 * A page at an address with a record id (`/user/view/:id`): an id that cannot be one
 * (`/user/view/not-a-uuid`, a hand-edited link) shows the not-found page without asking the API,
 * which would only refuse it. Loaded with such pages, so zod stays out of the first bundle.
 */
export function recordPage(Page: PageComponent): PageComponent {
  function RecordPage() {
    const { id } = useParams();
    return recordIdSchema.safeParse(id).success ? <Page /> : <NotFoundPage />;
  }
  RecordPage.displayName = `RecordPage(${Page.displayName ?? Page.name})`;
  return RecordPage;
}
