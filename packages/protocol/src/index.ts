export * from './audio';
export * from './events';
export * from './hearth';
export * from './session';
export * from './paired-test';
export * from './turn-taking';
