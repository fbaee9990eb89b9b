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
package dev.snowflakeid.actuate;

import java.util.Objects;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.EndpointWebExtension;

/**
 * Web form of {@link SnowflakeEndpoint#decode(String)}: a malformed ID is answered with
 * status 400 and a JSON body that carries the reason, {@code {"status":400,"error":"Bad
 * Request","reason":"..."}}, whatever {@code spring.web.error.include-message} says.
 */
@EndpointWebExtension(endpoint = SnowflakeEndpoint.class)
public final class SnowflakeEndpointWebExtension {

	private final SnowflakeEndpoint endpoint;

	public SnowflakeEndpointWebExtension(SnowflakeEndpoint endpoint) {
		this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
	}

	@ReadOperation
	public WebEndpointResponse<OperationResponseBody> decode(@Selector String id) {
		try {
			return new WebEndpointResponse<>(this.endpoint.decode(id));
		}
		catch (InvalidEndpointRequestException ex) {
			String reason = Objects.requireNonNull(ex.getReason(), "SnowflakeEndpoint gives every refusal a reason");
			return new WebEndpointResponse<>(
					new InvalidId(WebEndpointResponse.STATUS_BAD_REQUEST, "Bad Request", reason),
					WebEndpointResponse.STATUS_BAD_REQUEST);
		}
	}

	/**
	 * Body of a 400 answer.
	 *
	 * @param status HTTP status
	 * @param error HTTP reason phrase
	 * @param reason what is wrong with the ID
	 */
	public record InvalidId(int status, String error, String reason) implements OperationResponseBody {
	}

}
