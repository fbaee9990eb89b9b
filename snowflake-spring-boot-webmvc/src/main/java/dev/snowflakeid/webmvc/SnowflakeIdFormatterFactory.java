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

import java.util.Locale;
import java.util.Objects;
import java.util.Set;

import dev.snowflakeid.IdFormats.Form;
import dev.snowflakeid.SnowflakeId;

import org.springframework.format.AnnotationFormatterFactory;
import org.springframework.format.Formatter;
import org.springframework.format.Parser;
import org.springframework.format.Printer;

/**
 * Prints and reads {@link SnowflakeId} values of type {@code long} or {@code Long} in the
 * configured string form ({@code snowflake.format.string}) for the conversion service, as
 * strictly as JSON reads them: only that form, the exact width of a padded form, no sign,
 * spaces or separators, nothing above {@link Long#MAX_VALUE}. Controller parameters are
 * read through {@link SnowflakeIdArgumentResolver}, with the same reading, because a
 * failed conversion would otherwise fall back to Spring's number editor, which takes
 * {@code -1} or {@code 0x1F} as IDs; fields of form objects bound by a data binder have
 * that fallback too, so mark IDs there as {@code String}.
 */
public final class SnowflakeIdFormatterFactory implements AnnotationFormatterFactory<SnowflakeId> {

	private final SnowflakeIdFormatter formatter;

	/**
	 * Creates the factory.
	 * @param form string form of IDs in URLs
	 */
	public SnowflakeIdFormatterFactory(Form form) {
		this.formatter = new SnowflakeIdFormatter(Objects.requireNonNull(form, "form"));
	}

	/**
	 * Reads an ID in the configured form.
	 * @throws IllegalArgumentException naming the text, the reason and the form
	 */
	long parse(String text) {
		return this.formatter.parse(text, Locale.ROOT);
	}

	/** String form of IDs this factory reads and writes. */
	public Form form() {
		return this.formatter.form;
	}

	@Override
	public Set<Class<?>> getFieldTypes() {
		return Set.of(Long.class, Long.TYPE);
	}

	@Override
	public Printer<?> getPrinter(SnowflakeId annotation, Class<?> fieldType) {
		return this.formatter;
	}

	@Override
	public Parser<?> getParser(SnowflakeId annotation, Class<?> fieldType) {
		return this.formatter;
	}

	private static final class SnowflakeIdFormatter implements Formatter<Long> {

		private final Form form;

		SnowflakeIdFormatter(Form form) {
			this.form = form;
		}

		@Override
		public String print(Long id, Locale locale) {
			return this.form.format(id);
		}

		@Override
		public Long parse(String text, Locale locale) {
			try {
				return this.form.parse(text);
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalArgumentException("Invalid Snowflake ID \"" + text + "\" (" + ex.getMessage()
						+ "; expected " + this.form.description() + ")", ex);
			}
		}

	}

}
