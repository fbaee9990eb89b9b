-- An application's own first migration, beside the lease table's repeatable one.
CREATE TABLE ${orders} (id BIGINT PRIMARY KEY)
