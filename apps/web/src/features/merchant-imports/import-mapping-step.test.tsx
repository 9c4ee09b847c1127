import type { MerchantImportMapping } from '@boardwalk/shared/schemas/merchant-import';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ImportMappingStep } from './import-mapping-step.tsx';

function Harness({ initial, spy }: { initial: MerchantImportMapping; spy: (m: MerchantImportMapping) => void }) {
  const [mapping, setMapping] = useState(initial);
  return (
    <ImportMappingStep
      header={['CRM id', 'Name', '']}
      sample={[['A-1', 'Pier Books', 'x']]}
      mapping={mapping}
      onChange={(next) => {
        spy(next);
        setMapping(next);
      }}
    />
  );
}

describe('ImportMappingStep', () => {
  it('shows the offered mapping, moves a field to the column chosen last, and asks for the DBA name', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Harness initial={{ '0': 'externalId', '1': 'dbaName' }} spy={spy} />);
    expect(screen.getByRole('combobox', { name: 'Field for CRM id' })).toHaveValue('externalId');
    expect(screen.getByRole('combobox', { name: 'Field for Name' })).toHaveValue('dbaName');
    expect(screen.getByRole('combobox', { name: 'Field for Column 3' })).toHaveValue('');
    expect(screen.getByRole('row', { name: /Name Pier Books/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Field for Column 3' }), 'dbaName');
    expect(spy).toHaveBeenLastCalledWith({ '0': 'externalId', '2': 'dbaName' });
    expect(screen.getByRole('combobox', { name: 'Field for Name' })).toHaveValue('');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Field for Column 3' }), '');
    expect(spy).toHaveBeenLastCalledWith({ '0': 'externalId' });
    expect(screen.getByRole('alert')).toHaveTextContent('Map a column to the DBA name');
  });
});
