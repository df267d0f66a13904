import { setPasswordHashCost } from "../../app/features/auth/password.server";
import { TEST_SCRYPT_LOG2_N } from "./built-server";

// Every suite hashes passwords at the tests' low cost, as the servers they start do
// (testServerEnv); password.server.test.ts checks production's cost itself.
setPasswordHashCost(Number(TEST_SCRYPT_LOG2_N));
