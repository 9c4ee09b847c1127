/**
 * A made-up list in the Treasury's SDN CSV layout for tests (no header, "-0-" for empty, a
 * Ctrl-Z at the end). Every name is invented.
 */
const row = (...fields: (number | string)[]) =>
  fields.map((f) => (typeof f === 'number' ? String(f) : `"${f}"`)).join(',');
const E = '-0- ';

export function entriesCsv(extra: string[] = []) {
  return (
    [
      row(
        9001,
        'GLIMMERWICK, Bartholomew Xyver',
        'individual',
        'FICTION-A',
        E,
        E,
        E,
        E,
        E,
        E,
        E,
        'DOB 12 Mar 1961; nationality Freedonia.',
      ),
      row(9002, 'OBSIDIAN TEAPOT TRADING CO.', E, 'FICTION-B', E, E, E, E, E, E, E, E),
      ...extra,
    ].join('\r\n') + '\r\n\u001a'
  );
}
export const addressesCsv = `${row(9002, 301, '1 Nowhere Lane', 'Ruritania City', 'Ruritania', E)}\r\n`;
export const aliasesCsv = `${row(9002, 201, 'aka', 'TEAPOT OF OBSIDIAN HOLDINGS', E)}\r\n`;
export const extraEntry = (entNum: number, name: string) => row(entNum, name, E, 'FICTION-C', E, E, E, E, E, E, E, E);
