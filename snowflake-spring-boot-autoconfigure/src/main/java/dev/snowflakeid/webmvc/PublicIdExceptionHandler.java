package dev.snowflakeid.webmvc;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;

/**
 * With RFC 9457 problem details on ({@code spring.mvc.problemdetails.enabled}), answers a public ID that
 * failed conversion exactly as Spring Boot's problem-details handler answers a
 * {@code ResponseStatusException(NOT_FOUND)}, so that a malformed public ID and an unknown one look alike.
 * Spring MVC finds this handler through the exception's causes; it runs before the problem-details handler,
 * which would otherwise answer the wrapping type mismatch with 400. Without problem details nothing is
 * needed: Spring MVC's {@code ResponseStatusExceptionResolver} finds the 404 among the causes itself.
 */
@ControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
public class PublicIdExceptionHandler {

	@ExceptionHandler(PublicIdNotFoundException.class)
	ResponseEntity<ProblemDetail> notFound(PublicIdNotFoundException ex) {
		return ResponseEntity.status(ex.getStatusCode()).headers(ex.getHeaders()).body(ex.getBody());
	}

}
