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
package dev.snowflakeid.jackson;

import java.lang.annotation.Annotation;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.AnnotatedMember;
import tools.jackson.databind.introspect.AnnotatedMethod;

/**
 * Finds the declared type of a member marked with an annotation, directly or through a
 * meta-annotation.
 */
final class MarkedMembers {

	private MarkedMembers() {
	}

	/**
	 * Declared type of a marked field, getter, setter or creator parameter; {@code null}
	 * when unmarked or not a member (classes cannot be marked).
	 */
	static @Nullable JavaType markedType(Annotated annotated, Class<? extends Annotation> marker) {
		if (!(annotated instanceof AnnotatedMember member) || !isMarked(member, marker)) {
			return null;
		}
		if (annotated instanceof AnnotatedMethod method && method.getParameterCount() == 1) {
			return method.getParameterType(0);
		}
		return annotated.getType();
	}

	private static boolean isMarked(AnnotatedMember member, Class<? extends Annotation> marker) {
		return member.hasAnnotation(marker) || member.annotations()
			.map(Annotation::annotationType)
			.anyMatch((type) -> type.isAnnotationPresent(marker));
	}

}
