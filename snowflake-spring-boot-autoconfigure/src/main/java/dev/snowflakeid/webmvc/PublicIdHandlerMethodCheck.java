package dev.snowflakeid.webmvc;

import java.util.Map;
import java.util.function.Supplier;

import dev.snowflakeid.PublicId;
import dev.snowflakeid.publicid.MissingPublicIdKeyRingException;
import dev.snowflakeid.publicid.PublicIds;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.core.MethodParameter;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Fails startup when a controller method takes a {@link PublicId} parameter but no key ring is configured,
 * instead of failing each request that reaches it.
 */
public final class PublicIdHandlerMethodCheck implements SmartInitializingSingleton {

	private final Iterable<RequestMappingHandlerMapping> mappings;

	private final Supplier<PublicIds> publicIds;

	public PublicIdHandlerMethodCheck(Iterable<RequestMappingHandlerMapping> mappings, Supplier<PublicIds> publicIds) {
		this.mappings = mappings;
		this.publicIds = publicIds;
	}

	@Override
	public void afterSingletonsInstantiated() {
		if (this.publicIds.get() != null) {
			return;
		}
		for (RequestMappingHandlerMapping mapping : this.mappings) {
			for (Map.Entry<RequestMappingInfo, HandlerMethod> entry : mapping.getHandlerMethods().entrySet()) {
				for (MethodParameter parameter : entry.getValue().getMethodParameters()) {
					if (parameter.hasParameterAnnotation(PublicId.class)) {
						throw new MissingPublicIdKeyRingException(entry.getValue().getShortLogMessage()
								+ " takes @PublicId parameter '" + parameter.getParameterName() + "'");
					}
				}
			}
		}
	}

}
