/** Platform config collection (§5.1–5.7) and ConfigSchema validation (§5.8). */
export {
  decodeAzureKey,
  isPlatformConfig,
  labelsMatchSubject,
  type ConfigSubject,
  type DecodedAzureKey,
  type PlatformConfigMap,
} from './labels.ts';
export { ConfigCollector } from './collector.ts';
export { mergeConfigValue, parseConfigValue } from './value.ts';
export { validateConfigData, type ConfigSchemaRef } from './schema-validation.ts';
