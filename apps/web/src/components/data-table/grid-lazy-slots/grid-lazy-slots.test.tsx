import TextField from '@mui/material/TextField';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import GridAutocomplete from './autocomplete.tsx';
import GridSwitch from './switch.tsx';
import GridTab from './tab.tsx';
import GridTabs from './tabs.tsx';
import GridToggleButton from './toggle-button.tsx';

// The build hands these to the grid in place of MUI's components (delivery/grid-lazy-slots.ts): once
// loaded they are MUI's own, with the props and ref the grid passes. One at a time: the test
// runner's module linker does not take two of MUI's components loading at once.
describe('the grid slots loaded when first shown (decision 055)', { timeout: 30_000 }, () => {
  it('Switch, with its ref', async () => {
    let root: HTMLElement | null = null;
    render(
      <GridSwitch
        slotProps={{ input: { 'aria-label': 'Show email' } }}
        ref={(el: HTMLElement | null) => void (root = el)}
      />,
    );
    const input = await screen.findByLabelText('Show email', {}, { timeout: 10_000 });
    expect(root).toContainElement(input);
  });

  it('Tabs and Tab', async () => {
    render(
      <GridTabs value={0} aria-label="Panels">
        <GridTab label="Columns" />
      </GridTabs>,
    );
    expect(await screen.findByRole('tab', { name: 'Columns' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('ToggleButton', async () => {
    render(
      <GridToggleButton value="x" aria-label="Dense">
        D
      </GridToggleButton>,
    );
    expect(await screen.findByRole('button', { name: 'Dense' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('Autocomplete', async () => {
    render(<GridAutocomplete options={['a']} renderInput={(params) => <TextField {...params} label="Value" />} />);
    expect(await screen.findByRole('combobox', { name: 'Value' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
