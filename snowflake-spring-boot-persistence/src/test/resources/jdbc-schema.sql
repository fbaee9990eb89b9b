create table jdbc_invoice (id bigint primary key, item varchar(100));
