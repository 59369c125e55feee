import type { ReactNode } from "react";

/** A home page section with its title (the couple's optional blocks: 'Regalos', 'Preguntas frecuentes'). */
export function HomeBlock({ id, title, className, children }: { id: string; title: string; className: string; children: ReactNode }) {
  return (
    <section id={id} className={`home-section ${className}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
