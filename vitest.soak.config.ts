import { configDefaults } from "vitest/config";
import { SOAK_TESTS, suiteConfig } from "./vitest.config";

// `npm run test:soak`: only the soaks, with the unit suite's settings. They start build/server.js,
// so `npm run build` comes first.
export default suiteConfig({ include: SOAK_TESTS, exclude: [...configDefaults.exclude] });
