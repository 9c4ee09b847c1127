export * from './roles.ts';
export * from './ability.ts';
export * from './settings.ts';
export * from './password.ts';
export * from './list.ts';
export * from './ui-settings.ts';
