import { Chip } from '@mui/material';
import { getContrastRatio } from '@mui/material/styles';
import { readableShade } from '../../../lib/theme/accessible-colours.ts';

/**
 * The chip's fill and text for a stage colour: black or white text, whichever reads better,
 * on the stage colour moved just far enough (keeping its hue) for that text to reach WCAG AA.
 */
export function stageChipColours(colour: string): { background: string; text: string } {
  let base = colour;
  try {
    getContrastRatio(colour, '#000');
  } catch {
    base = '#757575';
  }
  const text = getContrastRatio(base, '#000') >= getContrastRatio(base, '#fff') ? '#000' : '#fff';
  return { background: readableShade(base, [text], text === '#fff' ? 'darker' : 'lighter'), text };
}

/** A merchant's stage as a small chip in the stage's colour. */
export function StageChip({ name, color }: { name: string; color: string }) {
  const { background, text } = stageChipColours(color);
  return <Chip size="small" label={name} sx={{ bgcolor: background, color: text }} />;
}
