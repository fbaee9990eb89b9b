package dev.snowflakeid.webmvc;

import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;

/**
 * {@code 404 Not Found} for a public ID that names nothing: malformed, made under a key that is no longer in
 * the ring, or well-formed for a row that does not exist. It carries no reason, so every case gets the same
 * response; throw it (or a {@code ResponseStatusException(NOT_FOUND)} without a reason) when a decoded ID
 * finds no row, and a client cannot tell the cases apart. The cause, if any, is for logs only.
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
