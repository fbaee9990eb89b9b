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
package dev.snowflakeid.webmvc;

import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;

/**
 * {@code 404 Not Found} for a public ID that names nothing: malformed, made under a key
 * that is no longer in the ring, or well-formed for a row that does not exist. It carries
 * no reason, so every case gets the same response; throw it (or a
 * {@code ResponseStatusException(NOT_FOUND)} without a reason) when a decoded ID finds no
 * row, and a client cannot tell the cases apart. The cause, if any, is for logs only.
 */
public class PublicIdNotFoundException extends ResponseStatusException {

	private static final long serialVersionUID = 1L;

	public PublicIdNotFoundException() {
		super(HttpStatus.NOT_FOUND);
	}

	public PublicIdNotFoundException(Throwable cause) {
		super(HttpStatus.NOT_FOUND, null, cause);
	}

}
