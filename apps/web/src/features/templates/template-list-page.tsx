import { Link as RouterLink } from 'react-router';
import { Button, Chip } from '@mui/material';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import {
  templateListQuerySchema,
  TEMPLATE_CHANNELS,
  TEMPLATE_CHANNEL_LABELS,
  type Template,
} from '@boardwalk/shared/schemas/template';
import { activeColumn, dateTimeColumn } from '../../components/data-table/cells.tsx';
import { ACTIVE_FILTER, enumOptions, type ListFilter } from '../../components/data-table/list-filters.tsx';
import { ResourceListPage, type ResourceEditing } from '../../components/data-table/resource-list-page.tsx';
import { useDeleteTemplateMutation, useListTemplatesQuery } from '../../entities/templates/api.ts';

const columns: GridColDef<Template>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 200 },
  {
    field: 'channel',
    headerName: 'Channel',
    width: 110,
    renderCell: ({ row }) => (
      <Chip
        size="small"
        variant="outlined"
        color={row.channel === 'email' ? 'primary' : 'secondary'}
        label={TEMPLATE_CHANNEL_LABELS[row.channel]}
      />
    ),
  },
  { field: 'subject', headerName: 'Subject', flex: 1, minWidth: 220, sortable: false },
  activeColumn<Template>(),
  dateTimeColumn<Template>('updatedAt', 'Updated'),
];

const filters: ListFilter[] = [
  { key: 'channel', label: 'Channel', options: enumOptions(TEMPLATE_CHANNELS, TEMPLATE_CHANNEL_LABELS) },
  ACTIVE_FILTER,
];
const editing: ResourceEditing<Template> = {
  kind: 'page',
  addPath: '/template/add',
  editPath: (template) => `/template/edit/${template.id}`,
};
const describe = (template: Template) => template.name;

/** /template/list: email and SMS message templates. */
export function TemplateListPage() {
  return (
    <ResourceListPage
      title="Templates"
      noun={{ singular: 'template', plural: 'templates' }}
      subject="template"
      gridId="templates"
      listKey="templates"
      columns={columns}
      useList={useListTemplatesQuery}
      useDelete={useDeleteTemplateMutation}
      describe={describe}
      editing={editing}
      filters={filters}
      querySchema={templateListQuerySchema}
      defaultSort="name"
      headerActions={
        <Button component={RouterLink} to="/template/wiki" startIcon={<MenuBookOutlined />}>
          Placeholders
        </Button>
      }
    />
  );
}
