export * from './audio';
export * from './events';
export * from './session';
