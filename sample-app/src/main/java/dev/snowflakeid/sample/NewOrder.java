package dev.snowflakeid.sample;

/**
 * Body of {@code POST /api/orders}.
 *
 * @param item what is ordered
 * @param quantity how many, at least 1
 */
record NewOrder(String item, int quantity) {
}
