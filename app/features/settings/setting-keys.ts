import { z } from "zod";

// The keys of the settings table that another feature reads: the outbox reads the automation
// host's addresses at each delivery. Settings owns the keys, so it imports nothing of the outbox.

export const WEBHOOK_PRODUCTION_URL_SETTING = "webhook_production_url";
export const WEBHOOK_TEST_URL_SETTING = "webhook_test_url";

/**
 * The value of a text setting (a webhook URL, the analytics tag) as the settings table keeps it:
 * a JSON string. Read with this schema wherever it is read; a stored value that is not one reads
 * as unset, so the environment's value applies rather than a page failing.
 */
export const SavedStringSchema = z.string().trim();
