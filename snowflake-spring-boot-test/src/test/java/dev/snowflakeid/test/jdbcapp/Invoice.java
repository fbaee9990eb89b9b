package dev.snowflakeid.test.jdbcapp;

import dev.snowflakeid.persistence.GeneratedSnowflakeId;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

@Table
public record Invoice(@Id @GeneratedSnowflakeId Long id, String customer) {

}
