-- Ids come from the application's generator (MyBatis interceptor, R2DBC callback), never from the database.
create table if not exists ticket (id bigint primary key, title varchar(200) not null);
create table if not exists receipt (id bigint primary key, total_cents bigint not null);
