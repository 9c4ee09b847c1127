import { describe } from 'vitest';
import { crudContract, useCrudContext } from '../../test/crud-contract.ts';

describe('lead sources API', () => {
  const ctx = useCrudContext();

  crudContract(ctx, {
    path: '/api/lead-sources',
    key: 'leadSources',
    subject: 'lead-source',
    make: (tag, i) => ({ name: `Source ${tag} ${'abc'[i]}`, description: `Leads from ${tag}` }),
    invalid: { data: { name: '   ' }, field: 'name' },
    change: { description: 'Trade show booth', isActive: false },
    unique: { field: 'name', clash: (row) => ({ name: String(row.name).toUpperCase() }) },
    sort: 'name',
    filter: { query: 'isActive=false', override: { isActive: false }, matches: (row) => row.isActive === false },
  });
});
