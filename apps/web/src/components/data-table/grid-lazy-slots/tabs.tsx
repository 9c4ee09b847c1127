import { lazySlot } from './lazy-slot.tsx';

export default lazySlot(() => import('@mui/material/Tabs'));
