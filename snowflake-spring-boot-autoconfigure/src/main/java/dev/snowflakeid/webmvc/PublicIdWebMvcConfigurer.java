package dev.snowflakeid.webmvc;

import java.util.Objects;

import org.springframework.format.FormatterRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Registers the {@link PublicIdFormatterFactory} with Spring MVC's conversion service.
 */
public final class PublicIdWebMvcConfigurer implements WebMvcConfigurer {

	private final PublicIdFormatterFactory formatters;

	public PublicIdWebMvcConfigurer(PublicIdFormatterFactory formatters) {
		this.formatters = Objects.requireNonNull(formatters, "formatters");
	}

	@Override
	public void addFormatters(FormatterRegistry registry) {
		registry.addFormatterForFieldAnnotation(this.formatters);
	}

}
