/**
 * IDs assigned on insert, for JPA and Spring Data JDBC alike: {@link dev.snowflakeid.persistence.GeneratedSnowflakeId}
 * and the rules it follows, and the Hibernate generator behind it. The Hibernate types are loaded only
 * where Hibernate is used; an application on Spring Data JDBC needs only the annotation.
 */
package dev.snowflakeid.persistence;
