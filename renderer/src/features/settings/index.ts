// The settings feature's public surface: what other features may import (lint refuses
// their imports of any other module in this folder).
export { useEffectiveDark } from './theme-store';
export { refreshProxySettings, useProxySettingsStore } from './proxy-settings-store';
export { ProxyOption } from './proxy-option';
