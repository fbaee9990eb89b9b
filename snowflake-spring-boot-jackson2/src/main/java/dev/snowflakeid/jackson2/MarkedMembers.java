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
package dev.snowflakeid.jackson2;

import java.lang.annotation.Annotation;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.AnnotatedMethod;
import com.fasterxml.jackson.databind.introspect.AnnotationMap;
import org.jspecify.annotations.Nullable;

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
		if (member.hasAnnotation(marker)) {
			return true;
		}
		AnnotationMap annotations = member.getAllAnnotations();
		if (annotations == null) {
			return false;
		}
		for (Annotation annotation : annotations.annotations()) {
			if (annotation.annotationType().isAnnotationPresent(marker)) {
				return true;
			}
		}
		return false;
	}

}
