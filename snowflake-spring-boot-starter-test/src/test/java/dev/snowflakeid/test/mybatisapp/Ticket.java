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
package dev.snowflakeid.test.mybatisapp;

import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import org.jspecify.annotations.Nullable;

public class Ticket {

	@GeneratedSnowflakeId
	private @Nullable Long id;

	@GeneratedSnowflakeId
	private @Nullable String reference;

	private @Nullable String title;

	public @Nullable Long getId() {
		return this.id;
	}

	public void setId(@Nullable Long id) {
		this.id = id;
	}

	public @Nullable String getReference() {
		return this.reference;
	}

	public void setReference(@Nullable String reference) {
		this.reference = reference;
	}

	public @Nullable String getTitle() {
		return this.title;
	}

	public void setTitle(@Nullable String title) {
		this.title = title;
	}

}
