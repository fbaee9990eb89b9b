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
package dev.snowflakeid.publicid;

/**
 * Something uses {@code @PublicId} while no public-ID key ring is configured.
 */
public class MissingPublicIdKeyRingException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final String user;

	public MissingPublicIdKeyRingException(String user) {
		super(user + ", but no public-ID key ring is configured");
		this.user = user;
	}

	/** What needs the key ring, such as a controller method and its parameter. */
	public String user() {
		return this.user;
	}

}
