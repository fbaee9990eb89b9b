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

/**
 * A row of {@code ticket}, inserted through {@link TicketMapper}: MyBatis's
 * {@code SnowflakeIdInterceptor} fills the id before the statement binds it.
 */
public class Ticket {

	@GeneratedSnowflakeId
	private @Nullable Long id;

	private String title;

	public Ticket(String title) {
		this.title = title;
	}

	public @Nullable Long getId() {
		return this.id;
	}

	public void setId(@Nullable Long id) {
		this.id = id;
	}

	public String getTitle() {
		return this.title;
	}

	public void setTitle(String title) {
		this.title = title;
	}

}
