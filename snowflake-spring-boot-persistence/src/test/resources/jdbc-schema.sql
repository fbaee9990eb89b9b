create table jdbc_invoice (id bigint primary key, item varchar(100));
create table jdbc_text_invoice (id varchar(20) primary key, reference varchar(20), item varchar(100));
create table jdbc_order (id bigint primary key, number bigint, item varchar(100));
