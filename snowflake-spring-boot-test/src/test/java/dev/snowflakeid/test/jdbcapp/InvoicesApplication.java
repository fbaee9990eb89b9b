package dev.snowflakeid.test.jdbcapp;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A Spring Data JDBC application whose aggregate ids are {@code @GeneratedSnowflakeId}. */
@SpringBootApplication
public class InvoicesApplication {

}
