/** Platform config collection (docs/kalypso-compatibility.md#which-configmaps-count–5.7) and ConfigSchema validation (docs/kalypso-compatibility.md#schema-validation). */
export {
  decodeAzureKey,
  isPlatformConfig,
  labelsMatchSubject,
  type ConfigSubject,
  type DecodedAzureKey,
  type PlatformConfigMap,
} from './labels.ts';
export { ConfigCollector, clusterTypesReached, type ConfigSupplier } from './collector.ts';
export { mergeConfigValue, parseConfigValue } from './value.ts';
export {
  checkConfigData,
  validateConfigData,
  type ConfigDataViolation,
  type ConfigSchemaRef,
} from './schema-validation.ts';
