/** "1 merchant", "12 merchants": the bulk toolbar's and its dialog's count. */
export function merchantCount(count: number): string {
  return `${count} ${count === 1 ? 'merchant' : 'merchants'}`;
}
