export type Placeholder = never;
