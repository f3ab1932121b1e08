export * from './credentials';
export * from './nodeTypes';
export * from './poll';
export * from './run';
export * from './orderToCash';
export * from './listSearch';
