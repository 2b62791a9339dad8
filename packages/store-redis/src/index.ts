export {
  connectRedisStores,
  type RedisStores,
  type RedisStoresOptions,
} from './connect.js';
export { RedisDirectoryCache } from './directory-cache.js';
export { RedisKelPinStore } from './kel-pins.js';
export { DEFAULT_KEY_PREFIX, idBytes, type KeySpace, MAX_KEY_PREFIX, RedisKeys } from './keys.js';
export { RedisKeyStatePinStore } from './keystate-pins.js';
export { RESERVATION_MS, RedisRelayReplayWindow } from './relay-window.js';
export { DEFAULT_REDIS_REPLAY_WINDOW, RedisReplayCache } from './replay-cache.js';
export {
  STORE_UNAVAILABLE_CODES,
  type StoreUnavailableCode,
  StoreUnavailableError,
} from './unavailable.js';
