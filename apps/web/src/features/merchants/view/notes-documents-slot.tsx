import { Typography } from '@mui/material';

/**
 * The notes and documents tabs are written on another branch (m-docs: notes-tab.tsx and
 * documents-tab.tsx in this folder, each taking `merchantId`). Until that merge this file stands
 * in; at the merge it becomes two re-exports:
 *   export { NotesTab } from './notes-tab.tsx';
 *   export { DocumentsTab } from './documents-tab.tsx';
 */
export function NotesTab(_props: { merchantId: string }) {
  return <Typography color="text.secondary">Notes come with the notes and documents work.</Typography>;
}

export function DocumentsTab(_props: { merchantId: string }) {
  return <Typography color="text.secondary">Documents come with the notes and documents work.</Typography>;
}
