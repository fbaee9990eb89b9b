-- Lease table of snowflake-spring-boot-jdbc-lease for teams that own their migrations with Flyway: add
-- classpath:dev/snowflakeid/jdbc/lease/flyway to spring.flyway.locations, set spring.flyway.placeholders.table
-- to the table name (snowflake_worker_lease, or schema-qualified as snowflake.worker.jdbc.schema and .table
-- name it) and snowflake.worker.jdbc.initialize-schema=never.
--
-- A repeatable migration, so that it takes none of the application's version numbers: Flyway runs it after
-- the versioned ones, and again only when this file changes. The statement creates the table only where it
-- does not exist, so running it again changes nothing; it is the statement of schema-postgresql.sql beside
-- the lease store, which describes the rows.
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
