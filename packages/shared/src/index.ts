export * from './roles.ts';
export * from './ability.ts';
