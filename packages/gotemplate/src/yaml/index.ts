export { marshalYaml } from './emit.ts';
export { parseYaml11 } from './yaml11.ts';
export { compareYamlKeys } from './key-order.ts';
