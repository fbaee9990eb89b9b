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
package dev.snowflakeid.integrations;

import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import org.jspecify.annotations.Nullable;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A row of {@code receipt}, saved through Spring Data R2DBC: the R2DBC
 * {@code BeforeConvertCallback} returns a copy with the id set.
 */
@Table("receipt")
record Receipt(@Id @GeneratedSnowflakeId @Nullable Long id, long totalCents) {
}
