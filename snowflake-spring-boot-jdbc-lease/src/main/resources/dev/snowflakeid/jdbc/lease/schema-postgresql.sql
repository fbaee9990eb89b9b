-- Lease table of snowflake-spring-boot-jdbc-lease on PostgreSQL: ${table} stands for the table name,
-- qualified with its schema where one is configured (snowflake.worker.jdbc.schema and .table).
--
-- One table is one key space. Three kinds of rows, told apart by region and code:
--   region = -1, code = -1   the meta row: format, fleet lead limit B, quarantine Q, ceiling lead A, the lineage
--                            nonce, the grant counter (epoch), the server lineage (system identifier/timeline),
--                            the regions in use, floor0; every grant locks and rewrites it
--   region = R,  code = -1   the region row: the namespace, format and fleet lead limit of the region (a region
--                            keeps the format it was first used with)
--   region = R,  code = c    a code row: generation, holder token, expiry, mark (highest ceiling granted),
--                            mark_owner (its token), others_mark (highest ceiling of every other owner)
-- witness_xid holds the id of the transaction that last wrote the row: a row whose xmin differs was written
-- by something else than the lease store (a restore, a hand-made change) and counts as a loss.
-- Times are Unix-epoch milliseconds of the database clock.
CREATE TABLE IF NOT EXISTS ${table} (
    region         INTEGER      NOT NULL,
    code           INTEGER      NOT NULL,
    namespace      VARCHAR(128),
    generation     BIGINT       NOT NULL DEFAULT 0,
    token          VARCHAR(64),
    expires_at     BIGINT       NOT NULL DEFAULT 0,
    mark           BIGINT       NOT NULL DEFAULT 0,
    mark_owner     VARCHAR(64),
    others_mark    BIGINT       NOT NULL DEFAULT 0,
    format         VARCHAR(128),
    lead_limit     BIGINT,
    quarantine     BIGINT,
    ceiling_lead   BIGINT,
    lineage        VARCHAR(64),
    epoch          BIGINT       NOT NULL DEFAULT 0,
    server_lineage VARCHAR(64),
    regions        VARCHAR(4000),
    floor0         BIGINT       NOT NULL DEFAULT 0,
    witness_xid    BIGINT       NOT NULL,
    PRIMARY KEY (region, code)
)
