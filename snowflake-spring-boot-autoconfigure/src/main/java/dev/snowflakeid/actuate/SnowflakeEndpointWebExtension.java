package dev.snowflakeid.actuate;

import java.util.Objects;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.EndpointWebExtension;

/**
 * Web form of {@link SnowflakeEndpoint#decode(String)}: a malformed ID is answered with status 400 and a
 * JSON body that carries the reason, {@code {"status":400,"error":"Bad Request","reason":"..."}},
 * whatever {@code spring.web.error.include-message} says.
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
			return new WebEndpointResponse<>(new InvalidId(WebEndpointResponse.STATUS_BAD_REQUEST, "Bad Request",
					ex.getReason()), WebEndpointResponse.STATUS_BAD_REQUEST);
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
