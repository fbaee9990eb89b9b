create table if not exists invoice (id bigint primary key, customer varchar(100));
