// The checks feature's public surface: what other features may import (lint refuses
// their imports of any other module in this folder).
export { openCheckFromCard } from './checks-store';
