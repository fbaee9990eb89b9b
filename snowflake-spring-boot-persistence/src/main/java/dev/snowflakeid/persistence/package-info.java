/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
/**
 * IDs assigned on insert, for JPA, Spring Data (JDBC, R2DBC, MongoDB) and MyBatis alike:
 * {@link dev.snowflakeid.persistence.GeneratedSnowflakeId} and the rules it follows, the
 * Hibernate generator behind it and the assignment the Spring Data callbacks share. The
 * Hibernate types are loaded only where Hibernate is used, the Spring Data ones only
 * where a Spring Data store is.
 */
@NullMarked
package dev.snowflakeid.persistence;

import org.jspecify.annotations.NullMarked;
