import { useEffect, useRef, type PointerEvent } from 'react';

type Props = { label: string; onChange: (dataUrl: string | undefined) => void };

const WIDTH = 320;
const HEIGHT = 120;

/**
 * An optional drawn signature (docs/decisions/107): a small canvas drawn with pointer events
 * (finger, pen or mouse), sent as a PNG data URL. The typed name is the signature; this is extra,
 * so a keyboard user loses nothing by leaving it empty.
 */
export function DrawingPad({ label, onChange }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#1a1a2e';
  }, []);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - rect.left) * WIDTH) / rect.width, y: ((e.clientY - rect.top) * HEIGHT) / rect.height };
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drawing.current = true;
    const { x, y } = point(e);
    ctx.beginPath();
    ctx.moveTo(x, y);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext('2d');
    if (!drawing.current || !ctx) return;
    const { x, y } = point(e);
    ctx.lineTo(x, y);
    ctx.stroke();
    drawn.current = true;
  };
  const up = () => {
    if (!drawing.current) return;
    drawing.current = false;
    if (drawn.current) onChange(canvas.current?.toDataURL('image/png'));
  };
  const clear = () => {
    canvas.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
    drawn.current = false;
    onChange(undefined);
  };

  return (
    <div className="apply-field">
      <span>{label} (optional)</span>
      <canvas
        ref={canvas}
        className="apply-pad"
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={`${label}: draw with a finger, pen or mouse`}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerLeave={up}
      />
      <button type="button" className="apply-link-button" onClick={clear}>
        Clear drawing
      </button>
    </div>
  );
}
