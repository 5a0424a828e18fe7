export type { PolicyDecision, PolicyHold, PromotionPolicy, PromotionStep } from './ports.ts';
export { holdOn } from './decide.ts';
