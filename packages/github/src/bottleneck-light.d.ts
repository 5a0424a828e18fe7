// `bottleneck/light.js` is the build of Bottleneck the throttling plugin bundles (no Redis
// clustering); the package types only its main entry, which is the same class.
declare module 'bottleneck/light.js' {
  import Bottleneck from 'bottleneck';
  export default Bottleneck;
}
